import type { Category } from '@manabi/shared/api';
import { type CategoryForm, categoryFormSchema } from '@manabi/shared/schemas/category';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { categoryDetailQuery, useSaveCategory } from './api/categories';

/**
 * /admin/notification/category/edit/{mode}/{id} (SPEC §2, §4): input → confirm → completion.
 * mode is checked by the router (new|update); an unknown id goes to /admin/404.
 */
export function Component() {
  const { mode, id } = useParams();
  const isUpdate = mode === 'update';
  const categoryId = Number(id);
  const detail = useQuery({ ...categoryDetailQuery(categoryId), enabled: isUpdate });
  if (isUpdate && !detail.data) return <FullPageSpinner />;
  return (
    // keyed by the record, not its updated_at: saving refreshes the row and the completion step must stay
    <CategoryStepForm key={isUpdate ? categoryId : 'new'} current={isUpdate ? detail.data : undefined} />
  );
}

function CategoryStepForm({ current }: { current: Category | undefined }) {
  const save = useSaveCategory();
  const title = current ? 'カテゴリの変更' : 'カテゴリの新規登録';
  return (
    <div className="space-y-8">
      <PageTitle>{title}</PageTitle>
      <StepForm<CategoryForm, unknown, { category_name?: string; sort_number?: string }>
        schema={categoryFormSchema}
        defaultValues={{
          category_name: current?.category_name ?? '',
          sort_number: current ? String(current.sort_number) : '',
        }}
        onSubmit={(values) =>
          save.mutateAsync(
            current ? { ...values, id: current.id, updated_at: current.updated_at } : { ...values },
          )
        }
        renderInput={(form) => (
          <>
            <TextInput
              control={form.control}
              name="category_name"
              label="カテゴリ名"
              isRequired
              maxLength={30}
              width="lg"
            />
            <TextInput
              control={form.control}
              name="sort_number"
              label="表示順"
              isRequired
              inputMode="numeric"
              maxLength={5}
              width="sm"
              description="小さい数字ほど先に表示されます（0以上の整数、5桁まで）。"
            />
          </>
        )}
        inputActions={
          <ButtonLink to={paths.admin.categoryList()} variant="tertiary">
            一覧へ戻る
          </ButtonLink>
        }
        renderConfirm={(values) => (
          <ConfirmList
            items={[
              { label: 'カテゴリ名', value: values.category_name },
              { label: '表示順', value: values.sort_number },
            ]}
          />
        )}
        renderComplete={() => (
          <div className="space-y-6">
            <Alert variant="success" title={current ? '更新完了' : '登録完了'}>
              <p>{current ? 'カテゴリを更新しました。' : 'カテゴリを登録しました。'}</p>
            </Alert>
            <p>
              <TextLink to={paths.admin.categoryList()}>カテゴリ一覧へ戻る</TextLink>
            </p>
          </div>
        )}
      />
    </div>
  );
}
